package similar

import "testing"

// TestNominals holds the nouns of nominals to their verbs: a learning
// that names the action by its noun restates one that names it by the
// verb, and a value changed beside the noun is still a change.
func TestNominals(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Deployment of the billing worker needs a second approver.", "Deploying the billing worker needs a second approver.", true},
		{"The installer handles the creation of the tenant schema.", "The installer handles creating the tenant schema.", true},
		{"Installation of the agent takes about 5 minutes on the kiosks.", "Installing the agent takes about 5 minutes on the kiosks.", true},
		{"Encryption of the backups uses the key in Vault.", "Encrypting the backups uses the key in Vault.", true},
		{"Cancellation of a class refunds the full fee.", "Cancelling a class refunds the full fee.", true},
		{"Execution of the nightly report is blocked during the freeze.", "Executing the nightly report is blocked during the freeze.", true},
		{"Deployment of the billing worker needs a second approver.", "Deploying the billing worker needs a third approver.", false},
		{"Installation of the agent takes about 5 minutes on the kiosks.", "Installing the agent takes about 15 minutes on the kiosks.", false},
		{"Encryption of the backups uses the key in Vault.", "Decrypting the backups uses the key in Vault.", false},
		{"Deployment of the worker needs approval.", "Installation of the worker needs approval.", false},
	} {
		t.Run(c.a+" / "+c.b, func(t *testing.T) {
			for _, v := range []Verdict{Compare(c.a, c.b), Compare(c.b, c.a)} {
				if (v.Kind == Same) != c.same {
					t.Errorf("%v (score %.2f), want same %v", v.Kind, v.Score, c.same)
				}
			}
		})
	}
}
